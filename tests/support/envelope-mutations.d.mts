/** Types of envelope-mutations.mjs, for the property tests. */
import type { Arbitrary } from "fast-check";

export interface EnvelopeFixture {
  name: string;
  bytes: Uint8Array;
}

export interface MutatedEnvelope {
  fixture: string;
  kind: string;
  bytes: Uint8Array;
}

export interface SplitEnvelope {
  header: string;
  items: { header: Record<string, unknown> | string; headerText?: string; payload: Uint8Array }[];
}

export const hostileKeys: string[];
export const hostileKey: Arbitrary<string>;
export const hostileJsonText: Arbitrary<string>;
export const hostileOrStressJsonText: Arbitrary<string>;
export const subtreeReplacements: Arbitrary<{ pick: number; text: string | null }[]>;
export const richEventTemplate: Record<string, unknown>;
export const cspReportText: Arbitrary<string>;
export function replaceSubtrees(jsonText: string, replacements: { pick: number; text: string | null }[]): string;
export function splitEnvelope(bytes: Uint8Array): SplitEnvelope | null;
export function joinEnvelope(envelope: SplitEnvelope, options?: { keepLengths?: boolean }): Uint8Array;
export function mutatedEnvelope(fixtures: EnvelopeFixture[]): Arbitrary<MutatedEnvelope>;
export function eventJsonText(realEvents?: string[]): Arbitrary<string>;
