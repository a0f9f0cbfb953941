/** The HTTP APIs' access logs: one JSON line per request (Logs Insights queries it); never headers or bodies. */
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';

export const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    requestTime: '$context.requestTime',
    sourceIp: '$context.identity.sourceIp',
    routeKey: '$context.routeKey',
    status: '$context.status',
    responseLength: '$context.responseLength',
    integrationLatency: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
  }),
);
