// escape-html 1.0.3 ships no types; its one export, as its README documents it.
declare module "escape-html" {
  export default function escapeHtml(text: string): string;
}
