import { Duration, Validations } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/**
 * Where an asynchronous delivery (a schedule or an EventBridge target) lands after its retries.
 * SSE-SQS rather than a customer key: EventBridge delivers to a DLQ as a service principal,
 * which a KMS key policy would have to trust too, and nothing secret is in these events.
 */
export class DeadLetterQueue extends Queue {
  constructor(scope: Construct, id: string, purpose: string) {
    super(scope, id, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: `This queue is itself a dead-letter queue (${purpose}); a DLQ of a DLQ would only move the problem.`,
    });
  }
}
