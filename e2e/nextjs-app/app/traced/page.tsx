"use client";

import { useEffect, useState } from "react";

/** A page load that calls a server route, as most pages do: one trace from the browser to the server. */
export default function Traced() {
  const [stock, setStock] = useState<number | null>(null);
  useEffect(() => {
    void fetch("/api/stock")
      .then((response) => response.json() as Promise<{ inStock: number }>)
      .then((body) => setStock(body.inStock));
  }, []);
  return (
    <main>
      <h1>Stock</h1>
      <p>{stock === null ? "Loading stock" : `${stock} in stock`}</p>
    </main>
  );
}
