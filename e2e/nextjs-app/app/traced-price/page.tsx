"use client";

import { useEffect, useState } from "react";

// A page load that calls a server route: the browser SDK's pageload and fetch spans and the server's request
// span form one trace (the SDK sends sentry-trace and baggage on same-origin fetches).
export default function TracedPrice() {
  const [price, setPrice] = useState<number | null>(null);
  useEffect(() => {
    void fetch("/api/price")
      .then((response) => response.json() as Promise<{ price: number }>)
      .then((body) => setPrice(body.price));
  }, []);
  return <main>{price === null ? <p>Loading the price…</p> : <p>Price: {price}</p>}</main>;
}
