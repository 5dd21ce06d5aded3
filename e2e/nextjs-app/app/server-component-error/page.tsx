export const dynamic = "force-dynamic";

export default async function ServerComponentError() {
  const cart = await Promise.resolve({ items: [] as string[] });
  if (cart.items.length === 0) throw new Error("Fixture server component failure: cart is empty");
  return <p>{cart.items.join(", ")}</p>;
}
