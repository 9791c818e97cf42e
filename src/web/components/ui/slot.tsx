import { cloneElement, isValidElement, useCallback, type ReactNode, type Ref } from 'react';

type Props = Record<string, unknown>;

function setRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * Renders its one child with its own props merged in (for `asChild`), like Radix's Slot but
 * without pulling Radix into every page: the child's props win, except that event handlers
 * both run (the child's first), class names are joined and styles merged; refs are composed.
 */
export function Slot({ children, ref, ...slotProps }: Props & { children?: ReactNode; ref?: Ref<unknown> }) {
  const child = isValidElement<Props>(children) ? children : null;
  const childRef = child?.props.ref as Ref<unknown> | undefined;
  const composedRef = useCallback(
    (node: unknown) => {
      setRef(ref, node);
      setRef(childRef, node);
    },
    [ref, childRef],
  );
  if (!child) return null;

  const merged: Props = { ...slotProps };
  for (const [key, childValue] of Object.entries(child.props)) {
    const slotValue = slotProps[key];
    if (/^on[A-Z]/.test(key) && typeof childValue === 'function' && typeof slotValue === 'function') {
      merged[key] = (...args: unknown[]) => {
        const result: unknown = childValue(...args);
        slotValue(...args);
        return result;
      };
    } else if (key === 'style') {
      merged[key] = { ...(slotValue as object | undefined), ...(childValue as object | undefined) };
    } else if (key === 'className') {
      merged[key] = [slotValue, childValue].filter(Boolean).join(' ');
    } else if (key !== 'ref') {
      merged[key] = childValue;
    }
  }
  if (ref || childRef) merged.ref = composedRef;
  // The composed ref is handed on to the child, not read here.
  // eslint-disable-next-line react-hooks/refs
  return cloneElement(child, merged);
}
