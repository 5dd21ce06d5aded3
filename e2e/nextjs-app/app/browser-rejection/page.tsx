"use client";

export default function BrowserRejection() {
  return (
    <button type="button" onClick={() => setTimeout(() => void Promise.reject(new Error("Fixture unhandled rejection: checkout promise")))}>
      Reject a promise
    </button>
  );
}
