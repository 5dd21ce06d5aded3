"use server";

export async function placeOrder(formData: FormData): Promise<void> {
  const sku = String(formData.get("sku") ?? "");
  throw new Error(`Fixture server action failure: cannot place order for ${sku}`);
}
