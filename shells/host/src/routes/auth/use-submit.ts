import { ApiError } from '@shoal/core';
import { useState } from 'react';

/** The state of a form sent to the pod: sending, the pod's messages on failure, the answer on success. */
export function useSubmit<T>() {
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<string[] | null>(null);
  const [result, setResult] = useState<T | null>(null);
  async function run(action: () => Promise<T>): Promise<T | null> {
    setSending(true);
    setErrors(null);
    try {
      const value = await action();
      setResult(value);
      return value;
    } catch (error) {
      setErrors(error instanceof ApiError ? error.messages : []);
      return null;
    } finally {
      setSending(false);
    }
  }
  return { sending, errors, result, run };
}
