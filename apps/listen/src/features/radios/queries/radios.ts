import { apiRequest, type QueryValue } from '@shoal/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@shoal/query';
import type { Paginated, Track } from '../../catalogue/types';
import type { FilterCheck, Radio, RadioFilter, RadioInput } from '../types';
import { radioKeys } from './radio-keys';

export function useRadios(filters: Record<string, QueryValue>) {
  return useQuery({
    queryKey: radioKeys.list(filters),
    queryFn: ({ signal }) => apiRequest<Paginated<Radio>>('radios/radios/', { query: filters, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRadio(id: string, enabled = true) {
  return useQuery({
    queryKey: radioKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Radio>(`radios/radios/${encodeURIComponent(id)}/`, { signal }),
    enabled,
  });
}

export function useRadioTracks(id: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: radioKeys.tracks(id, page),
    queryFn: ({ signal }) =>
      apiRequest<Paginated<Track>>(`radios/radios/${encodeURIComponent(id)}/tracks/`, {
        query: { page, page_size: pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The live count of tracks each filter matches (`radios/radios/validate/`). */
export function useFilterCheck(filters: RadioFilter[]) {
  return useQuery({
    queryKey: radioKeys.check(filters),
    queryFn: ({ signal }) =>
      apiRequest<{ filters: FilterCheck[] }>('radios/radios/validate/', {
        method: 'POST',
        json: { filters },
        signal,
      }),
    enabled: filters.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useSaveRadio(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RadioInput) =>
      apiRequest<Radio>(id ? `radios/radios/${encodeURIComponent(id)}/` : 'radios/radios/', {
        method: id ? 'PUT' : 'POST',
        json: input,
      }),
    onSuccess: (radio) => {
      client.setQueryData(radioKeys.detail(String(radio.id)), radio);
      void client.invalidateQueries({ queryKey: [...radioKeys.all, 'list'] });
    },
  });
}

export function useDeleteRadio() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`radios/radios/${id}/`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      client.removeQueries({ queryKey: radioKeys.detail(String(id)) });
      void client.invalidateQueries({ queryKey: [...radioKeys.all, 'list'] });
    },
  });
}
