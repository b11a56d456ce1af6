import type { ComponentProps } from 'react';
import { Popover } from '../../components/popover/popover.tsx';
import { NearbyPanel } from './nearby-panel.tsx';

/**
 * 'Near me': a compact control in the search bar whose panel holds the spec's nearby section (location buttons,
 * radius, privacy note, legend). While a location is in use the control says so and how far it reaches.
 */
export function NearMeControl(props: ComponentProps<typeof NearbyPanel>) {
  const active = props.status === 'success';
  return (
    <Popover
      label={active ? `Within ${props.radiusKm} km` : 'Near me'}
      ariaLabel={active ? `Near me: Within ${props.radiusKm} km` : 'Near me'}
      icon="locate"
      active={active}
      className="popover--end near-me"
    >
      <NearbyPanel {...props} />
    </Popover>
  );
}
