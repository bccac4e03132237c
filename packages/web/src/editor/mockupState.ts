/**
 * A mockup's state (spec §4 Mockup): whether there is a design to show, and whether the picture
 * of the current design has been produced. Any change of the design makes it not exported; it is
 * exported once its PNG exists.
 */
export interface MockupState {
  hasDesign: boolean;
  exported: boolean;
}

export type MockupEvent = { type: 'designChanged'; hasDesign: boolean } | { type: 'exported' };

export const initialMockupState: MockupState = { hasDesign: false, exported: false };

export function mockupTransition(state: MockupState, event: MockupEvent): MockupState {
  switch (event.type) {
    case 'designChanged':
      return state.exported || state.hasDesign !== event.hasDesign
        ? { hasDesign: event.hasDesign, exported: false }
        : state;
    case 'exported':
      return state.exported ? state : { ...state, exported: true };
    default:
      return state;
  }
}
