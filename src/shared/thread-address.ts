/**
 * A thread's address in the UI, `/t/<id>`: the same path in web mode (`lantern serve`) and in the
 * desktop app (app://lantern/t/<id>), so the servers of both serve the page for it and the page
 * opens the thread it names.
 */

const THREAD_PATH = /^\/t\/([1-9]\d{0,15})$/;

export function threadPath(id: number): string {
  return `/t/${id}`;
}

/** The thread id an address names, or undefined for any other path. */
export function threadIdOfPath(pathname: string): number | undefined {
  const match = THREAD_PATH.exec(pathname);
  const id = match ? Number(match[1]) : undefined;
  return id !== undefined && Number.isSafeInteger(id) ? id : undefined;
}
