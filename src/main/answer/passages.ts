export interface Passage {
  id: number;
  n: number /* the 1-based source number it belongs to */;
  url: string;
  title: string;
  text: string;
  start: number;
  end: number /* character range in that page's markdown */;
}
