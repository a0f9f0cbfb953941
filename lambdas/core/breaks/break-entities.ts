/**
 * The two item types of the decisions (layout in store/table.ts): every break's audit events in its
 * own partition, one per version, and the decisions' projection, one item per decided break, all in
 * one partition so that every decision is one Query away (decisions grow with people's work, not the book).
 */
import { z } from 'zod';
import { isoDateSchema } from '../calendar';
import { defineEntity } from '../store/entity';
import { DECISION_ACTIONS } from './decision';
import { BREAK_KINDS, DECISION_STATUSES } from './kinds';

const nullableText = z.string().nullable();

const decisionSchema = z.object({
  status: z.enum(DECISION_STATUSES),
  note: z.string(),
  ticket: z.string().optional(),
  assignee: z.string().optional(),
  reason: z.string().optional(),
  deadline: isoDateSchema.optional(),
  basis: z.object({
    kind: z.enum(BREAK_KINDS),
    stakeCents: z.number().int(),
    expectedNetCents: z.number().int(),
    receivedNetCents: z.number().int(),
  }),
  subject: z.object({
    acquirer: nullableText,
    merchant: nullableText,
    saleDate: nullableText,
    nsu: nullableText,
    installment: z.number().nullable(),
    dueDate: nullableText,
    place: z.string().optional(),
  }),
  matchedTo: z.string().optional(),
});

const VERSION_DIGITS = 6;

export const breakHead = defineEntity({
  name: 'breakHead',
  partition: () => [],
  sort: (breakId: string) => breakId,
  schema: z.object({
    sk: z.string(),
    version: z.number().int().min(1),
    hash: z.string(),
    decision: decisionSchema.nullable(),
    updatedAt: z.string(),
    // The highest version whose event the lake holds (absent: none known to).
    copied: z.number().int().min(0).optional(),
    // The highest version whose receivable writes (a manual match, its undo) are done (absent: all).
    linked: z.number().int().min(0).optional(),
  }),
});

export const breakEvent = defineEntity({
  name: 'breakEvent',
  partition: (breakId: string) => [breakId],
  sort: (version: number) => `E#${String(version).padStart(VERSION_DIGITS, '0')}`,
  schema: z.object({
    breakId: z.string(),
    version: z.number().int(),
    at: z.string(),
    actor: z.string(),
    action: z.enum(DECISION_ACTIONS),
    before: decisionSchema.nullable(),
    after: decisionSchema.nullable(),
    undoes: z.number().int().optional(),
    prevHash: z.string(),
    hash: z.string(),
  }),
});
