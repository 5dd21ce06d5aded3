import { describe, expect, it } from "vitest";
import { addUser, decodeUserSketch, emptyUserSketch, encodeUserSketch, estimateUsers, mergeUserSketches } from "./user-sketch";

const sketchOf = (keys: string[]) => {
  const sketch = emptyUserSketch();
  for (const key of keys) addUser(sketch, key);
  return sketch;
};
const users = (from: number, count: number) => Array.from({ length: count }, (_, index) => `id:user-${from + index}`);

describe("distinct users of transaction rollups", () => {
  it("counts a handful of users exactly (these five) and repeats of one user once", () => {
    expect(estimateUsers(emptyUserSketch())).toBe(0);
    expect(estimateUsers(sketchOf(["id:1", "id:1", "id:1"]))).toBe(1);
    expect(estimateUsers(sketchOf(users(0, 5)))).toBe(5);
  });

  it("estimates thousands within 30 %, and a merge of two halves as the whole", () => {
    for (const count of [1_000, 20_000]) {
      const estimate = estimateUsers(sketchOf(users(0, count)));
      expect(Math.abs(estimate - count) / count, `${count} users`).toBeLessThan(0.3);
    }
    const whole = sketchOf(users(0, 3_000));
    const merged = mergeUserSketches(sketchOf(users(0, 1_500)), sketchOf(users(1_500, 1_500)));
    expect(encodeUserSketch(merged)).toBe(encodeUserSketch(whole));
    // Overlapping halves count the shared users once.
    const overlapping = estimateUsers(mergeUserSketches(sketchOf(users(0, 10)), sketchOf(users(5, 10))));
    expect(Math.abs(overlapping - 15)).toBeLessThanOrEqual(1);
  });

  it("stores 64 base-32 characters and reads anything else as empty", () => {
    const sketch = sketchOf(users(0, 40));
    const text = encodeUserSketch(sketch);
    expect(text).toMatch(/^[0-9a-r]{64}$/);
    expect(decodeUserSketch(text)).toEqual(sketch);
    expect(encodeUserSketch(emptyUserSketch())).toBe("");
    for (const garbage of ["", "abc", "z".repeat(64), null]) expect(estimateUsers(decodeUserSketch(garbage))).toBe(0);
  });
});
