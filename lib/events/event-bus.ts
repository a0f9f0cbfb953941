import { CfnOutput, Stack } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import { Construct } from 'constructs';

/**
 * The bus the nightly run publishes its CloudEvents on (docs/events.md). A bus of its own, not the
 * account's default: a subscriber's rule names it, and the summarize step may put events on it and
 * on nothing else. Rules and targets are the subscribers' (the docs show an SQS queue and an API
 * destination); the stack creates none, so a stage with no subscriber pays nothing but the puts.
 */
export class ReconEvents extends Construct {
  public readonly bus: events.EventBus;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const stack = Stack.of(this);
    this.bus = new events.EventBus(this, 'Bus', {
      eventBusName: `${stack.stackName}-events`,
      description: "recon: the nightly run's events (CloudEvents 1.0 as the detail)",
    });
    new CfnOutput(stack, 'EventBusName', { value: this.bus.eventBusName });
    new CfnOutput(stack, 'EventBusArn', { value: this.bus.eventBusArn });
  }
}
