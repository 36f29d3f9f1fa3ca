/*
 * @chronohook/client: the generated API client (ChronohookApi, its models and runtime), a shortcut to make one,
 * and the verifier of signed callbacks.
 */
import { ChronohookApi, Configuration, ProblemFromJSON, ResponseError } from './generated';
import type { FetchAPI, Problem } from './generated';

export * from './generated';
export type { AnyJson } from './generated/models/AnyJson';
export * from './webhooks';

/** Where the API is and the credential to call it with. */
export interface ClientOptions {
    /** The installation's address, e.g. `https://chronohook.example.com` (the API lives under `/api/v1` there). */
    baseUrl: string;
    /** An API key (`chk_…`) or a member's access token; left out only for the public calls (`signUp`, `createAccessToken`). */
    apiKey?: string;
    /** Another fetch than the global one (a proxy agent, a test's recorder). */
    fetchApi?: FetchAPI;
}

/** A client of the whole API: one method per operation, e.g. `createJob`, `listRuns`, `replayRun`. */
export function createClient(options: ClientOptions): ChronohookApi {
    return new ChronohookApi(new Configuration({
        // The generated paths start with /api/v1, so a trailing slash would double it.
        basePath: options.baseUrl.replace(/\/+$/, ''),
        accessToken: options.apiKey,
        fetchApi: options.fetchApi,
    }));
}

/**
 * The problem document (RFC 9457) a failed call answered with, e.g. `code: "not_found"` or `"invalid_cron"` with the
 * invalid fields in `errors`; undefined when `error` is not an answer of the API or its body is no problem document.
 */
export async function problemOf(error: unknown): Promise<Problem | undefined> {
    if (!(error instanceof ResponseError)) {
        return undefined;
    }
    const type = error.response.headers.get('content-type') ?? '';
    if (!type.includes('json')) {
        return undefined;
    }
    try {
        // A clone, so the caller may still read the answer itself.
        return ProblemFromJSON(await error.response.clone().json());
    } catch {
        return undefined;
    }
}
