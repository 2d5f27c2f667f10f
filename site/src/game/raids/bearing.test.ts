import { expect, test } from 'bun:test';
import { bearing } from './bearing.ts';

test('the arrow turns clockwise from east; north is up (world y grows southwards, as the map draws it)', () => {
  const me = { x: 100, y: 100 };
  expect(bearing(me, { x: 200, y: 100 })).toEqual({ degrees: 0, compass: 'east', distance: 100 });
  expect(bearing(me, { x: 100, y: 200 })).toMatchObject({ degrees: 90, compass: 'south' });
  expect(bearing(me, { x: 0, y: 100 })).toMatchObject({ degrees: 180, compass: 'west' });
  expect(bearing(me, { x: 100, y: 0 })).toMatchObject({ degrees: 270, compass: 'north' });
  expect(bearing(me, { x: 130, y: 60 })).toMatchObject({ compass: 'north-east', distance: 50 });
  expect(bearing(me, { x: 60, y: 130 })).toMatchObject({ compass: 'south-west', distance: 50 });
});

test('the nearest of the eight words; 337.5° and up is east again', () => {
  const me = { x: 0, y: 0 };
  const at = (deg: number) => ({ x: Math.cos((deg * Math.PI) / 180) * 100, y: Math.sin((deg * Math.PI) / 180) * 100 });
  expect(bearing(me, at(22))?.compass).toBe('east');
  expect(bearing(me, at(23))?.compass).toBe('south-east');
  expect(bearing(me, at(340))?.compass).toBe('east');
  expect(bearing(me, at(300))?.compass).toBe('north-east');
});

test('standing on the spot, there is no way to point', () => {
  expect(bearing({ x: 5, y: 5 }, { x: 5.5, y: 5 })).toBeNull();
});
