/** A section of a docs page: its h2's id and text, as the table of contents links to it. */
export interface DocSection {
  id: string;
  title: string;
}
