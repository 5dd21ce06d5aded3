"use client";

import { createContext, useContext, type ReactNode } from "react";

const SignedInContext = createContext(false);

/** Tells client components below the app shell whether someone is signed in (the error page's hint needs it). */
export function SignedInProvider({ isSignedIn, children }: { isSignedIn: boolean; children: ReactNode }) {
  return <SignedInContext.Provider value={isSignedIn}>{children}</SignedInContext.Provider>;
}

/** False outside the shell (the root layout's own failure page) and for anonymous visitors. */
export function useIsSignedIn(): boolean {
  return useContext(SignedInContext);
}
