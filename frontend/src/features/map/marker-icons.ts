import L from 'leaflet';

export type MarkerTone = 'default' | 'hovered' | 'selected';

/** Spec 01 "Map": selected or focused is red with a pulse, hovered amber, default blue (colours in CSS). */
function toneIcon(tone: MarkerTone): L.DivIcon {
  return L.divIcon({
    className: 'event-marker-icon',
    html: `<span class="event-marker event-marker--${tone}"></span>`,
    iconSize: [22, 22],
    iconAnchor: [11, 11],
    popupAnchor: [0, -12],
  });
}

export const MARKER_ICONS: Record<MarkerTone, L.DivIcon> = {
  default: toneIcon('default'),
  hovered: toneIcon('hovered'),
  selected: toneIcon('selected'),
};

export const USER_ICON = L.divIcon({
  className: 'event-marker-icon',
  html: '<span class="user-marker"></span>',
  iconSize: [18, 18],
  iconAnchor: [9, 9],
  popupAnchor: [0, -10],
});
