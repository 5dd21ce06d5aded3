export const runtime = "edge";
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  throw new RangeError("Fixture edge route failure: quantity out of range");
}
