import { describe, expect, it } from 'vitest';
import { attributeWrites, itemBytes, itemTypeOf } from '../../../bench/write-attribution';

describe('write attribution', () => {
  it('sizes an item as DynamoDB does: names plus values, marshalled or plain', () => {
    expect(itemBytes({ pk: 'RCV#a', n: 12345 })).toBe(2 + 5 + 1 + 4);
    expect(itemBytes({ pk: { S: 'RCV#a' }, n: { N: '12345' } })).toBe(2 + 5 + 1 + 4);
    expect(itemBytes({ f: { h: { n: 7 } } })).toBe(itemBytes({ f: { M: { h: { M: { n: { N: '7' } } } } } }));
  });

  it('names item types by their pk prefix', () => {
    expect(itemTypeOf('RCV#x#y')).toBe('receivable');
    expect(itemTypeOf('TOTALS')).toBe('totals');
    expect(itemTypeOf('DUE')).toBe('dueList');
    expect(itemTypeOf('ZZZ#1')).toBe('(ZZZ)');
  });

  it('tells why a receivable was written from what the put added', () => {
    const writes = attributeWrites();
    const forecast = { pk: 'RCV#k', f: { h1: { n: 100 } } };
    writes.write('RCV#k', 1, forecast, true);
    writes.write('RCV#k', 1, { ...forecast, s: { h2: { n: 100 } } }, true);
    writes.write('RCV#k', 1, { ...forecast, s: { h2: { n: 100, c: 2 } } }, true);
    writes.write('RCV#k', 1, { ...forecast, s: { h2: { n: 100, c: 2 } }, k: { h3: { n: 5 } } }, true);
    writes.write('RCV#k', 1, { ...forecast, s: { h2: { n: 100, c: 2 } }, k: { h3: { n: 5 } } }, true);
    writes.write('RCV#k', 1, undefined, false);
    writes.write('RCV#k', 1, undefined, false, true);
    writes.write('RCV#new', 1, undefined, false, true);
    writes.write('TOTALS', 40, undefined, true);
    const result = writes.result();
    expect(result.byReceivableReason).toEqual({
      'new receivable': { writes: 1, wcu: 1 },
      payment: { writes: 1, wcu: 1 },
      'record seen again': { writes: 1, wcu: 1 },
      'lifecycle record': { writes: 1, wcu: 1 },
      'status only': { writes: 1, wcu: 1 },
      // A put only to create refused: the item was stored (a presumption), or another writer created it.
      'presumed new, was stored': { writes: 1, wcu: 1 },
      'lost race': { writes: 2, wcu: 2 },
    });
    expect(result.byItemType).toEqual({ receivable: { writes: 8, wcu: 8 }, totals: { writes: 1, wcu: 40 } });
    expect(result.receivableItemsByUnits).toEqual({ 1: 5 });
  });

  it('restarts the tallies but remembers the items, so a later put is not taken for a new one', () => {
    const writes = attributeWrites();
    writes.write('RCV#k', 1, { f: { h1: { n: 1 } } }, true);
    writes.restart();
    writes.write('RCV#k', 1, { f: { h1: { n: 1 } }, s: { h2: { n: 1 } } }, true);
    expect(writes.result().byReceivableReason).toEqual({ payment: { writes: 1, wcu: 1 } });
  });
});
