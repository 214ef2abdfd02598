import { describe, expect, it } from 'vitest';
import { fetchProblem } from './fetch-problem';

describe('fetch problems', () => {
  it('reads the error kinds a pod reports', () => {
    expect(fetchProblem({ error_code: 'connection', message: 'refused' })).toEqual({ kind: 'connection' });
    expect(fetchProblem({ error_code: 'timeout' })).toEqual({ kind: 'timeout' });
    expect(fetchProblem({ error_code: 'invalid_json' })).toEqual({ kind: 'invalid_json' });
    expect(fetchProblem({ error_code: 'validation', validation_errors: [] })).toEqual({ kind: 'validation' });
    expect(fetchProblem({ error_code: 'http', status_code: 410 })).toEqual({ kind: 'http', status: 410 });
    expect(fetchProblem({ error_code: 'missing_jsonld_type' })).toEqual({ kind: 'type' });
  });

  it('falls back to unknown', () => {
    expect(fetchProblem(null)).toEqual({ kind: 'unknown' });
    expect(fetchProblem({ error_code: 'something_new' })).toEqual({ kind: 'unknown' });
    expect(fetchProblem({ error_code: 'http', status_code: 'x' })).toEqual({ kind: 'http' });
  });
});
