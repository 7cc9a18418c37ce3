import { RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, Billing, TableEncryptionV2, TableV2, type ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Key, type IKey } from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';
import { TABLE_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/lib/store/table-definition';

/**
 * The single table and the keys that protect data at rest.
 *
 * Two customer-managed keys, not one: TableV2's grantReadData/grantReadWriteData also grant
 * kms:Decrypt on the table's key, so if the same key wrapped the OpenAI keys and Google refresh
 * tokens, every function that can read the table could unwrap every secret. With a separate
 * secrets key only the functions listed in permissions.ts can.
 */
export class DataStack extends Stack {
  readonly table: ITableV2;
  readonly tableKey: IKey;
  /** Envelope encryption of secrets by the functions (env KMS_KEY_ID). */
  readonly secretsKey: IKey;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    this.tableKey = new Key(this, 'TableKey', {
      description: 'Threadline: DynamoDB table encryption at rest',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.secretsKey = new Key(this, 'SecretsKey', {
      description: 'Threadline: envelope encryption of OpenAI keys and Google refresh tokens',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const key = (name: string) => ({ name, type: AttributeType.STRING });
    this.table = new TableV2(this, 'Table', {
      partitionKey: key(TABLE_KEYS.pk),
      sortKey: key(TABLE_KEYS.sk),
      billing: Billing.onDemand(),
      globalSecondaryIndexes: Object.values(TABLE_INDEXES).map((index) => ({
        indexName: index.name,
        partitionKey: key(index.pk),
        sortKey: key(index.sk),
      })),
      timeToLiveAttribute: TTL_ATTRIBUTE,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      encryption: TableEncryptionV2.customerManagedKey(this.tableKey),
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
