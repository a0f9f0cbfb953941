/**
 * A deliberately small, test-only reading of simulator records (keys of any case, the date and money
 * formats of domain.md), used to check that the data served agrees with the simulator's answer key.
 * Not recon's parser: recon has its own, tested against the same simulator.
 */
import { isIsoDate } from '../../../lambdas/core/calendar';

export interface Parsed {
  code: string;
  key: string;
  netCents: number;
  dueDate: string;
}

function isoDate(value: unknown): string | undefined {
  const text = String(value);
  const ymd = /^(\d{4})-?(\d{2})-?(\d{2})(?:T.*)?$/.exec(text);
  const dmy = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const iso = ymd ? `${ymd[1]}-${ymd[2]}-${ymd[3]}` : dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : undefined;
  return iso && isIsoDate(iso) ? iso : undefined;
}

function cents(value: unknown): number | undefined {
  let text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  if (text.includes(',')) text = text.replaceAll('.', '').replace(',', '.');
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : undefined;
}

/** The record in canonical terms, or undefined when recon would have to quarantine it. */
export function parse(entry: unknown): Parsed | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined;
  const keys = Object.keys(entry).map((k) => k.toUpperCase());
  // A column given twice (two cases of one name) with different values is quarantined as conflicting.
  if (new Set(keys).size !== keys.length) return undefined;
  const r = Object.fromEntries(Object.entries(entry).map(([k, v]) => [k.toUpperCase(), v]));
  const code = String(r.TIPOREGISTRO);
  const saleDate = isoDate(r.DTVENDA);
  const dueDate = isoDate(r.DTVENCIMENTO);
  const netCents = cents(r.VLLIQUIDO);
  if (
    !/^[ADEFG][123]$/.test(code) ||
    r.NSU === undefined ||
    !saleDate ||
    !dueDate ||
    netCents === undefined ||
    Number(r.QTDPARCELAS) > 2 ** 31 - 1 ||
    String(r.CODAUTORIZACAO).length > 100 ||
    /^0+$/.test(String(r.NSU)) ||
    /^0+$/.test(String(r.ESTABELECIMENTO)) ||
    (r.CNPJ !== undefined && r.CNPJ !== r.ESTABELECIMENTO)
  ) {
    return undefined;
  }
  const key = [r.ADQUIRENTE, r.ESTABELECIMENTO, saleDate, r.NSU, r.CODAUTORIZACAO, r.NRPARCELA].join('|');
  return { code, key, netCents, dueDate };
}
