import { type MenuContext, type MenuItem, menuFor, type User } from '@printloom/core';
import Badge from 'react-bootstrap/Badge';
import Nav from 'react-bootstrap/Nav';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { Link, NavLink } from 'react-router';

function MenuBadge({ badge }: { badge: MenuItem['badge'] }) {
  if (!badge) return null;
  return (
    // Dark text on the light info colour: white on it fails WCAG AA contrast (axe).
    <Badge
      bg={badge === 'new' ? 'danger' : 'info'}
      text={badge === 'new' ? undefined : 'dark'}
      className="ms-1 text-uppercase"
      pill
    >
      {badge}
    </Badge>
  );
}

/**
 * The top navigation menu (spec §2) as `menuFor` builds it. Groups are Bootstrap dropdowns:
 * Tab reaches each toggle, Enter or Space opens it, arrow keys move through its links.
 */
export function TopMenu({ user, context }: { user: User; context: MenuContext }) {
  const items = menuFor(user, context);
  return (
    <Nav as="ul" className="top-menu flex-wrap" aria-label="Main menu" data-testid="top-menu">
      {items.map((item) =>
        item.children ? (
          <NavDropdown
            as="li"
            key={item.key}
            id={`menu-${item.key}`}
            data-menu-key={item.key}
            renderMenuOnMount
            title={
              <>
                {item.label}
                <MenuBadge badge={item.badge} />
              </>
            }
          >
            {item.children.map((child) => (
              <NavDropdown.Item
                as={Link}
                key={child.key}
                to={child.path ?? '/'}
                data-menu-key={child.key}
              >
                {child.label}
                <MenuBadge badge={child.badge} />
              </NavDropdown.Item>
            ))}
          </NavDropdown>
        ) : (
          <Nav.Item as="li" key={item.key} data-menu-key={item.key}>
            <Nav.Link as={NavLink} to={item.path ?? '/'} end>
              {item.label}
              <MenuBadge badge={item.badge} />
            </Nav.Link>
          </Nav.Item>
        ),
      )}
    </Nav>
  );
}
