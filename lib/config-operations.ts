/**
 * The stage settings of who hears what (the finance and operations recipients): their own module
 * so lib/config.ts stays the workflow's schema.
 */
import { z } from 'zod';

/** A list of e-mail addresses, each subscribed once (an address is its subscription's identity). */
const recipients = z
  .array(z.email())
  .default([])
  .refine((emails) => new Set(emails.map((email) => email.toLowerCase())).size === emails.length, {
    message: 'lists an address twice',
  });

/** A key earlier versions read: refused with what replaced it, so an old `cdk.json` fails at synth. */
function retired(replacement: string) {
  return z
    .unknown()
    .refine((value) => value === undefined, { message: `no longer read: ${replacement}` })
    .transform(() => undefined)
    .optional();
}

export const notificationFields = {
  /** Receive the morning message (the run's outcome and a link to its report). */
  financeEmails: recipients,
  /** Receive the alarms (CloudWatch alarm e-mails, each naming its runbook section). */
  operationsEmails: recipients,
  alarmEmail: retired(
    'set financeEmails (the morning message) and operationsEmails (the alarms), each a list of addresses',
  ),
};
