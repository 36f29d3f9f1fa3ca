/*
 * Free JSON, where the API takes or gives any JSON value: a job's merge patch (RFC 7396), a long-running run's
 * checkpoint, progress and result (the document's AnyJson schema). The generator is told not to make a model of it,
 * and the Maven build copies this file into src/generated/models in its place, so the value goes out and comes in
 * unchanged.
 */

/** Any JSON value. */
export type AnyJson = null | boolean | number | string | AnyJson[] | { [key: string]: AnyJson };

export function AnyJsonFromJSON(json: any): AnyJson {
    return json as AnyJson;
}

export function AnyJsonFromJSONTyped(json: any, _ignoreDiscriminator: boolean): AnyJson {
    return json as AnyJson;
}

export function AnyJsonToJSON(value?: AnyJson | null): any {
    return value;
}

export function AnyJsonToJSONTyped(value?: AnyJson | null, _ignoreDiscriminator: boolean = false): any {
    return value;
}
