export const dynamic = "force-dynamic";

/** A server route the traced page calls: the browser's fetch span and this request's transaction share a trace. */
export async function GET(): Promise<Response> {
  await new Promise((resolve) => setTimeout(resolve, 25));
  return Response.json({ sku: "sku-1", inStock: 3 });
}
