import Link from "next/link";

export default function Home() {
  return (
    <main>
      <h1>Fixture shop</h1>
      <ul>
        <li><Link href="/server-component-error">Server component error</Link></li>
        <li><Link href="/server-action">Server action</Link></li>
        <li><Link href="/client-error">Client component error</Link></li>
        <li><Link href="/browser-rejection">Unhandled rejection</Link></li>
      </ul>
    </main>
  );
}
