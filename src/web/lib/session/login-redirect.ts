import { DEFAULT_AFTER_LOGIN } from '../../app/paths';

/**
 * Navigation state understood by /login (SPEC §7 Navigation state): guards put the
 * blocked location in `from`; landing and discipline pages put a path in
 * `redirectAfterLogin` and the chosen discipline in `selectedDiscipline`.
 */
export interface LoginLocationState {
  from?: { pathname: string; search?: string; hash?: string };
  redirectAfterLogin?: string;
  selectedDiscipline?: string;
}

export interface LoginRedirect {
  to: string;
  state: { selectedDiscipline: string } | undefined;
}

/** Only same-app paths are followed, never another origin. */
function isInternalPath(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/** Where to go after sign-in: `from`, else `redirectAfterLogin`, else /chat; keeps the discipline. */
export function loginRedirectTarget(rawState: unknown): LoginRedirect {
  const state = (typeof rawState === 'object' && rawState !== null ? rawState : {}) as LoginLocationState;
  let to: string = DEFAULT_AFTER_LOGIN;
  const from = state.from;
  if (from && isInternalPath(from.pathname) && from.pathname !== '/login') {
    to = `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  } else if (isInternalPath(state.redirectAfterLogin)) {
    to = state.redirectAfterLogin;
  }
  const discipline = typeof state.selectedDiscipline === 'string' ? state.selectedDiscipline : undefined;
  return { to, state: discipline ? { selectedDiscipline: discipline } : undefined };
}
