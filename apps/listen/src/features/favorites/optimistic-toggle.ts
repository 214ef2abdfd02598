import { ApiError } from '@shoal/core';
import { showMessage } from '@shoal/messages';
import { type QueryKey, useMutation, useQueryClient } from '@shoal/query';

export interface OptimisticToggleOptions<TState, TVars> {
  /** The cached state the toggle changes at once (a set of ids, a map of follows…). */
  queryKey: QueryKey;
  /** The state as it should be once the call succeeds. */
  apply: (state: TState | undefined, vars: TVars) => TState | undefined;
  /** The call itself. */
  call: (vars: TVars) => Promise<unknown>;
  /** The message shown when the call fails, given the reason in the request layer's words. */
  failure: (vars: TVars, reason: string) => string;
  /** Other caches to refresh once the call settles (lists that show the same state). */
  alsoInvalidate?: QueryKey[];
}

/** The reason a call failed, in the words of the request layer. */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiError && error.messages.length > 0) return error.messages.join(' ');
  return error instanceof Error ? error.message : String(error);
}

/**
 * Favorite, follow and subscribe toggles (product.md §4, calls.md §8.2): the new state shows at
 * once, and if the call fails the previous state comes back, the failure is logged and a message
 * says why.
 */
export function useOptimisticToggle<TState, TVars>(options: OptimisticToggleOptions<TState, TVars>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: options.call,
    onMutate: async (vars: TVars) => {
      await client.cancelQueries({ queryKey: options.queryKey });
      const previous = client.getQueryData<TState>(options.queryKey);
      client.setQueryData<TState | undefined>(options.queryKey, (state) => options.apply(state, vars));
      return { previous };
    },
    onError: (error, vars, context) => {
      client.setQueryData(options.queryKey, context?.previous);
      console.error(error);
      showMessage({ content: options.failure(vars, reasonOf(error)), error: true });
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: options.queryKey });
      for (const key of options.alsoInvalidate ?? []) void client.invalidateQueries({ queryKey: key });
    },
  });
}
