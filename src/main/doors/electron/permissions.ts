import type { Session } from 'electron';

/** What the permission policies set on a session. */
export type PermissionSession = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>;

/**
 * The one permission Lantern's UI uses: navigator.clipboard.writeText (the settings screen's copy
 * button) asks for it (electron/electron#37158; Electron docs, ses.setPermissionRequestHandler).
 */
const UI_CLIPBOARD_WRITE = 'clipboard-sanitized-write';

/**
 * Every permission request and every check refused. Electron grants all of them when a session
 * has no handler, and a check comes before most requests, so both handlers are set (Electron
 * docs, ses.setPermissionCheckHandler: "you must also implement setPermissionRequestHandler").
 */
export function denyAllPermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/**
 * The session of Lantern's own UI (Electron's default session): clipboard writes from the UI's
 * top frame, nothing else for anyone. Anything else that ends up in this session (a page the UI
 * was tricked into loading, a subframe) gets nothing.
 */
export function allowOnlyUiClipboardWrite(session: PermissionSession, isOwnUi: (url: string) => boolean): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(permission === UI_CLIPBOARD_WRITE && details.isMainFrame && isOwnUi(details.requestingUrl)),
  );
  session.setPermissionCheckHandler(
    (_contents, permission, requestingOrigin, details) =>
      permission === UI_CLIPBOARD_WRITE && details.isMainFrame && isOwnUi(requestingOrigin),
  );
}
