/** An HTTP API (payload 2.0) event as the inbox's plain request. */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { InboxRequest } from '../core/inbox/http';

export function toInboxRequest(event: APIGatewayProxyEventV2): InboxRequest {
  const body = event.body ?? '';
  const text = event.isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
  const type = event.headers?.['content-type'] ?? '';
  const cookies = event.cookies ?? [];
  return {
    method: event.requestContext.http.method,
    path: event.rawPath,
    query: new URLSearchParams(event.rawQueryString ?? ''),
    form: new URLSearchParams(type.startsWith('application/x-www-form-urlencoded') ? text : ''),
    ...(cookies.length === 0 ? {} : { cookie: cookies.join('; ') }),
  };
}
