import { describe, expect, it } from 'vitest';
import { TABLE_INDEXES, TABLE_KEYS } from './table-definition';
import { threadlineStore } from './service';

describe('the store Service', () => {
  it('holds every entity on one table, with the key fields and index names the table defines', () => {
    const entities = Object.values(threadlineStore.entities);
    expect(entities.length).toBeGreaterThanOrEqual(31);
    const fields = new Map(Object.values(TABLE_INDEXES).map((index) => [index.name, index]));
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
});
