export function benchRules(channelSlug: string): { name: string; conditions: unknown[]; filters: unknown[]; actions: unknown[] }[];
export function startAlertReceiver(port: number): Promise<{ url: string; received: () => number; close: () => void }>;
export function setUpAlertRules(databasePath: string, projectId: number, count: number, receiverUrl: string): void;
export function countDeliveries(db: unknown): { decided: number; sent: number };
