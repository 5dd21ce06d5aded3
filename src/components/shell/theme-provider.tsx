"use client";

import { HeadManagerContext } from "next/dist/shared/lib/head-manager-context.shared-runtime";
import { ThemeProvider as NextThemesProvider } from "next-themes";
import { useContext, type ReactNode } from "react";

/**
 * Light, dark or the system's theme. next-themes sets the class before first paint with an inline script,
 * which runs under the Content-Security-Policy only with the response's nonce: the App Router's layout
 * passes it; on Pages Router pages it comes from the context Next renders them in (the one `next/script`
 * reads its nonce from), since `_app` has no request.
 */
export function ThemeProvider({ children, nonce }: { children: ReactNode; nonce?: string }) {
  const pagesNonce = useContext(HeadManagerContext).nonce;
  return (
    <NextThemesProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce ?? pagesNonce}>
      {children}
    </NextThemesProvider>
  );
}
