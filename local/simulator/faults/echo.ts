/**
 * The `echoRequest` fault: an error answer that quotes the request it refuses, secrets included, the
 * way some providers' error pages do. Recon must keep every one of them out of its output.
 */
import type { Reply } from '../replies';
import type { SimulatorFaults } from '../types';

export interface EchoedRequest {
  /** The Authorization header as received (absent when none was sent). */
  readonly authorization: string | undefined;
  readonly body: string;
}

/** The token a Basic header carries (`base64(email:token)`), or '' when it is not one. */
function tokenOf(authorization: string | undefined): string {
  const encoded = /^Basic (.+)$/.exec(authorization ?? '')?.[1];
  const pair = encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
  return pair.slice(pair.indexOf(':') + 1);
}

/** `reply` with the request quoted in its `mensagem` when the fault is on and the reply is an error. */
export function echoRequest(reply: Reply, request: EchoedRequest, faults: SimulatorFaults): Reply {
  const echo = faults.echoRequest;
  if (echo === null || reply.status < 400) return reply;
  let mensagem = 'Erro';
  try {
    mensagem = (JSON.parse(String(reply.body)) as { mensagem?: string }).mensagem ?? mensagem;
  } catch {
    // An error without a JSON message gets one.
  }
  const label = 'token recebido: ';
  const head = `${mensagem}; `.padEnd(echo.tokenAt - label.length, '.');
  const quoted = `${head}${label}${tokenOf(request.authorization)}`;
  const tail = `; authorization: ${request.authorization ?? ''}; corpo: ${request.body}`;
  return { ...reply, body: JSON.stringify({ mensagem: `${quoted}${tail}` }) };
}
