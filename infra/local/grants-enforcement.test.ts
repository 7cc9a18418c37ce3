import { describe, expect, it } from 'vitest';
import { permissionsFor } from '../stacks/permissions';
import { AccessDeniedException, createGrantsEnforcer, tableAccess } from './grants-enforcement';

describe('local grant enforcement', () => {
  it("maps DynamoDB commands as CDK's grantReadData does: reads for 'read', everything else needs 'readWrite'", () => {
    for (const command of ['GetItemCommand', 'QueryCommand', 'BatchGetItemCommand', 'ScanCommand', 'TransactGetItemsCommand']) expect(tableAccess(command).kind === 'table' && tableAccess(command)).toMatchObject({ write: false });
    for (const command of ['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand', 'TransactWriteItemsCommand']) expect(tableAccess(command)).toMatchObject({ write: true });
    expect(tableAccess('UpdateItemCommand').action).toBe('dynamodb:UpdateItem');
  });

  it('refuses a call outside the running function\'s grant with an AccessDeniedException shaped as the AWS SDK throws it', () => {
    const grants = createGrantsEnforcer();
    expect(permissionsFor('CampaignList', 'GET').table).toBe('read');
    let thrown: unknown;
    grants.run('CampaignList', 'GET', () => {
      grants.check(tableAccess('QueryCommand'));
      try {
        grants.check(tableAccess('PutItemCommand'));
      } catch (error) {
        thrown = error;
      }
    });
    expect(thrown).toBeInstanceOf(AccessDeniedException);
    expect(thrown).toMatchObject({ name: 'AccessDeniedException', $fault: 'client', $metadata: { httpStatusCode: 400 } });
    expect((thrown as Error).message).toMatch(/CampaignList is not authorized to perform: dynamodb:PutItem/);
    // outside any handler (the runtime itself, test set-up) nothing is checked
    expect(() => grants.check(tableAccess('PutItemCommand'))).not.toThrow();
    expect(grants.report()).toEqual([
      expect.objectContaining({ id: 'CampaignList', invocations: 1, used: { table: 'read', capabilities: [], dispatches: [] }, denied: ['dynamodb:PutItem'] }),
    ]);
  });

  it('keeps each invocation in its own context across awaits, and reports grants never used', async () => {
    const grants = createGrantsEnforcer();
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    await Promise.all([
      grants.run('ProcessCancel', 'POST', async () => {
        await tick();
        grants.check({ kind: 'capability', capability: 'stopExecution', action: 'states:StopExecution' });
      }),
      grants.run('AgencyListMine', 'GET', async () => {
        await tick();
        expect(() => grants.check({ kind: 'capability', capability: 'stopExecution', action: 'states:StopExecution' })).toThrow(AccessDeniedException);
        expect(() => grants.check({ kind: 'dispatch', taskId: 'CampaignProvision', action: 'lambda:InvokeFunction' })).toThrow(AccessDeniedException);
      }),
    ]);
    const cancel = grants.report().find((entry) => entry.id === 'ProcessCancel')!;
    expect(cancel.used.capabilities).toEqual(['stopExecution']);
    expect(cancel.unused).toEqual({ table: 'readWrite', capabilities: ['describeExecution'], dispatches: [] });
  });
});
