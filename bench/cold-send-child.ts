/**
 * One fresh process of the cold-send measurement (cold-send.ts): optionally warms its HTTP stack as
 * the provider client does, then sends three requests one after another and prints when each left
 * (the `fetch` call), on the clock every process of the machine shares.
 */
import { warmHttpStack } from '../lambdas/core/provider/warm-up';

const [url, authorization, warm] = process.argv.slice(2);
const clock = () => performance.timeOrigin + performance.now();
if (warm === 'warm-up') await warmHttpStack();
const sent: number[] = [];
for (let i = 0; i < 3; i++) {
  sent.push(clock());
  const response = await fetch(`${url}/retornos/configuracoes`, {
    headers: { authorization: authorization ?? '', 'content-type': 'application/json' },
  });
  await response.arrayBuffer();
}
console.log(JSON.stringify(sent));
