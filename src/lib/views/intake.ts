/** What src/server/intake hands to pages and components, as plain data (the verbs that produce it re-export it). */

export interface ReceivedEnvelope {
  id: number;
  receivedAt: number;
  eventId: string | null;
  itemTypes: string[];
  summary: string | null;
  sdkName: string | null;
  bodyBytes: number;
}
