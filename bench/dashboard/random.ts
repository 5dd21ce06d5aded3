// Seeded randomness for the dashboard seed: the same seed gives the same data (relative to its `now`).

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** mulberry32: uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  uint32(): number {
    return Math.floor(this.next() * 4294967296);
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Several distinct items (fewer when the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const chosen: T[] = [];
    while (chosen.length < count && copy.length > 0) chosen.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]!);
    return chosen;
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    return Math.sqrt(-2 * Math.log(1 - this.next())) * Math.cos(2 * Math.PI * this.next());
  }

  /** 32 lowercase hex digits, like a Sentry event id or trace id. */
  hex32(): string {
    return hex8(this.uint32()) + hex8(this.uint32()) + hex8(this.uint32()) + hex8(this.uint32());
  }

  hex16(): string {
    return hex8(this.uint32()) + hex8(this.uint32());
  }
}

const hexByte = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

function hex8(value: number): string {
  return hexByte[value >>> 24]! + hexByte[(value >>> 16) & 255]! + hexByte[(value >>> 8) & 255]! + hexByte[value & 255]!;
}

/** Picks an index by weight in O(log n). */
export class Weighted<T> {
  private readonly cumulative: number[] = [];
  private readonly items: T[] = [];
  private total = 0;

  constructor(entries: readonly (readonly [T, number])[]) {
    for (const [item, weight] of entries) {
      this.total += weight;
      this.cumulative.push(this.total);
      this.items.push(item);
    }
  }

  pick(random: Random): T {
    const target = random.next() * this.total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.cumulative[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return this.items[low]!;
  }
}
