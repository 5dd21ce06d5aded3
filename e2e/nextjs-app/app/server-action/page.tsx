import { placeOrder } from "./actions";

export default function ServerAction() {
  return (
    <form action={placeOrder}>
      <input type="hidden" name="sku" value="sku-1" />
      <button type="submit">Place order</button>
    </form>
  );
}
