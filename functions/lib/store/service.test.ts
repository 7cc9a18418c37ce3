import { describe, expect, it } from 'vitest';
import { TABLE_INDEXES, TABLE_KEYS } from './table-definition';
import { threadlineStore } from './service';
import { AGENCY_NAME_TEMPLATE, AGENCY_TEMPLATE, keys, SESSION_TEMPLATE, USER_TEMPLATE } from './keys';

describe('the store Service', () => {
  it('holds every entity on one table, with the key fields and index names the table defines', () => {
    const entities = Object.values(threadlineStore.entities);
    expect(entities.length).toBeGreaterThanOrEqual(31);
    const fields = new Map<string, { pk: string; sk: string }>(Object.values(TABLE_INDEXES).map((index) => [index.name, index]));
    for (const entity of entities) {
      expect(entity.getTableName()).toBe(threadlineStore.getTableName());
      const indexes = entity.schema.indexes as Record<string, { index?: string; pk: { field: string }; sk?: { field: string } }>;
      for (const [accessPattern, index] of Object.entries(indexes)) {
        const defined = index.index ? fields.get(index.index) : TABLE_KEYS;
        expect(defined, `${entity.schema.model.entity}.${accessPattern} uses index ${index.index ?? '(table)'}`).toBeDefined();
        expect(index.pk.field).toBe(defined!.pk);
        if (index.sk) expect(index.sk.field).toBe(defined!.sk);
      }
    }
  });

  it("keys every agency's, person's and session's partition by the templates in keys.ts, which keys.agency matches", () => {
    const partitions = Object.values(threadlineStore.entities).flatMap((entity) =>
      Object.values(entity.schema.indexes as Record<string, { pk: { template?: string } }>).map((index) => ({ entity: entity.schema.model.entity, template: index.pk.template ?? '' })),
    );
    const named = [AGENCY_TEMPLATE, AGENCY_NAME_TEMPLATE, USER_TEMPLATE, SESSION_TEMPLATE];
    const mine = partitions.filter(({ template }) => /^(AGENCY|USER|SESSION)#/.test(template));
    expect(mine.length).toBeGreaterThanOrEqual(28);
    for (const { entity, template } of mine) expect(named.some((t) => template === t || template.startsWith(`${t}#`)), `${entity}: ${template}`).toBe(true);

    const { Item } = threadlineStore.entities.settings.put({ agencyName: 'glow' }).params() as { Item: { pk: string } };
    expect(Item.pk).toBe(keys.agency('glow'));
  });
});

