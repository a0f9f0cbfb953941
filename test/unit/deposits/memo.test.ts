/** The acquirer of a bank credit, recognised from its memo by `deposits.acquirerPatterns`. */
import { describe, expect, it } from 'vitest';
import { depositsConfigSchema } from '../../../lambdas/core/deposits/config';
import { acquirerOfMemo, normalizeMemo, sameAcquirer } from '../../../lambdas/core/deposits/memo';

const defaults = depositsConfigSchema.parse({}).acquirerPatterns;

describe('normalizeMemo', () => {
  it('removes accents, upper-cases and collapses spaces', () => {
    expect(normalizeMemo('  Créd.   Itaú\tRede  ')).toBe('CRED. ITAU REDE');
  });
});

describe('acquirerOfMemo', () => {
  it('recognises the large acquirers by the default patterns, in any case and with accents', () => {
    expect(acquirerOfMemo('TED CIELO S.A.', defaults)).toBe('CIELO');
    expect(acquirerOfMemo('cred redecard', defaults)).toBe('REDE');
    expect(acquirerOfMemo('CRÉD ITAÚ   REDE', defaults)).toBe('REDE');
    expect(acquirerOfMemo('Stone Pagamentos', defaults)).toBe('STONE');
    expect(acquirerOfMemo('PIX MERCADO  PAGO', defaults)).toBe('MERCADOPAGO');
  });

  it('names no acquirer for a memo no pattern matches', () => {
    expect(acquirerOfMemo('TED JOAO DA SILVA', defaults)).toBeNull();
    // \bREDE\b: a word containing REDE is not the acquirer.
    expect(acquirerOfMemo('PAGTO REDENCAO LTDA', defaults)).toBeNull();
  });

  it('treats a memo naming two acquirers as naming none (ambiguous)', () => {
    expect(acquirerOfMemo('TRANSF CIELO P/ STONE', defaults)).toBeNull();
  });

  it('uses configured patterns with the acquirer as the records spell it', () => {
    const patterns = depositsConfigSchema.parse({
      acquirerPatterns: { Adiq: ['ADIQ\\s*PAG'] },
    }).acquirerPatterns;
    expect(acquirerOfMemo('CRED ADIQ PAGAMENTOS', patterns)).toBe('Adiq');
    expect(acquirerOfMemo('CRED ADIQ PAGAMENTOS', defaults)).toBeNull();
  });

  it('counts two spellings of one acquirer as one, not as an ambiguity', () => {
    const patterns = depositsConfigSchema.parse({
      acquirerPatterns: { Cielo: ['CIELO\\s*SA'] },
    }).acquirerPatterns;
    expect(acquirerOfMemo('TED CIELO SA', patterns)).toBe('CIELO');
    expect(sameAcquirer('Cielo', 'CIELO')).toBe(true);
    expect(sameAcquirer('CIELO', 'REDE')).toBe(false);
  });
});
