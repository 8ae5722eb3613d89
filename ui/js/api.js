// The one door to the backend. In the app window Tauri's invoke is there (withGlobalTauri);
// in a browser (wordclub-cli serve) the same commands are POSTed as JSON to /api/<command>.
// Either way a refusal becomes an ApiError with the backend's kind, message and details; the
// message is shown to players, so it reads as a sentence.
import { sentence } from './dom.js';

export class ApiError extends Error {
  /** @param {{ kind: string, message: string, details?: any }} error the backend's refusal */
  constructor({ kind, message, details }) {
    super(sentence(message));
    this.kind = kind;
    this.details = details ?? null;
  }
}

const tauri = globalThis.__TAURI__?.core;

/** Running in the app window (Tauri), where a link cannot download a file: records are saved
 *  by the backend (`save_gcg`) instead. */
export const inAppWindow = Boolean(tauri);

/**
 * Runs one backend command; resolves with its JSON answer, rejects with an ApiError. Called
 * only by commands.js, whose typed functions the rest of the UI uses.
 * @param {string} command
 * @param {object} [args]
 * @returns {Promise<any>}
 */
export async function call(command, args = {}) {
  if (tauri) {
    try {
      return await tauri.invoke(command, { args });
    } catch (e) {
      throw toApiError(e);
    }
  }
  let response;
  try {
    response = await fetch(`/api/${encodeURIComponent(command)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
  } catch (e) {
    throw new ApiError({ kind: 'offline', message: `cannot reach the game: ${e.message}` });
  }
  const body = await response.json().catch(() => null);
  if (!response.ok) throw toApiError(body?.error ?? { kind: 'http', message: `HTTP ${response.status}` });
  return body;
}

function toApiError(e) {
  if (e instanceof ApiError) return e;
  if (e && typeof e === 'object' && 'kind' in e) return new ApiError(e);
  return new ApiError({ kind: 'internal', message: String(e) });
}

/** True inside the Tauri window. */
export const inApp = Boolean(tauri);
