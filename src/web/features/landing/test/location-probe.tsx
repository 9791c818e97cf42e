import { useLocation } from 'react-router';

/** A route element that shows where navigation landed and the state it carried. */
export function LocationProbe({ name }: { name: string }) {
  const location = useLocation();
  return (
    <div>
      <p>{name} page</p>
      <pre data-testid="location-state">{JSON.stringify(location.state)}</pre>
    </div>
  );
}

/** The navigation state shown by the probe. */
export function probedState(element: HTMLElement): unknown {
  return JSON.parse(element.textContent ?? 'null');
}
