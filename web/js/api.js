// A small fetch wrapper for the qipan API: JSON in and out, and errors as ApiError carrying the
// server's {code, message} so pages can explain them in the player's language.

/** An error answered by the server, or a network failure (status 0, code "network"). */
export class ApiError extends Error {
  constructor(status, code, message, details = {}) {
    super(message);
    this.status = status;
    this.code = code;
    /** The particulars the translated message fills in (e.g. {rank, ch} of a bad FEN). */
    this.details = details;
  }
}

/** Calls the API: api('GET', '/api/health'), api('POST', '/api/x', {body}). */
export async function api(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(0, 'network', String(err));
  }
  if (response.status === 204) return null;
  let data = null;
  try { data = await response.json(); } catch { /* not JSON */ }
  if (!response.ok) {
    const error = data && data.error ? data.error : { code: 'http_' + response.status, message: response.statusText };
    throw new ApiError(response.status, error.code, error.message, error.details || {});
  }
  return data;
}
