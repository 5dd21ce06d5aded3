"use client";

import { useState } from "react";

function Basket({ broken }: { broken: boolean }) {
  if (broken) throw new Error("Fixture client component failure: basket render");
  return <p>Basket is fine</p>;
}

export default function ClientError() {
  const [broken, setBroken] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setBroken(true)}>Break the basket</button>
      <Basket broken={broken} />
    </main>
  );
}
