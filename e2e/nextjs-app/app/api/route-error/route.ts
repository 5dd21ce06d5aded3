export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  throw new TypeError("Fixture route handler failure: price is undefined");
}
