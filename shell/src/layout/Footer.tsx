import { Link } from 'react-router-dom';
import { SOCIAL_LINKS } from './links';
import styles from './Footer.module.css';

export function Footer(): JSX.Element {
  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        <section>
          <h2>Shwari Shop</h2>
          <p>Flour and groceries from our mills, delivered free countrywide. Pay online with M-Pesa, Airtel Money or card.</p>
        </section>
        <nav aria-label="Customer">
          <h2>My Account</h2>
          <ul>
            <li>
              <Link to="/login">Order Tracking</Link>
            </li>
            <li>
              <Link to="/login">My Account</Link>
            </li>
            <li>
              <Link to="/login">Orders</Link>
            </li>
            <li>
              <Link to="/login">Addresses</Link>
            </li>
            <li className={styles.mobileOnly}>
              <Link to="/forgot-password">Lost Password</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Information">
          <h2>Information</h2>
          <ul>
            <li>
              <Link to="/return-policy">Return Policy</Link>
            </li>
            <li>
              <Link to="/faqs">FAQs</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms">Terms and Conditions</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Social networks">
          <h2>Follow Us</h2>
          <ul className={styles.social}>
            {SOCIAL_LINKS.map((link) => (
              <li key={link.name}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className={styles.copyright}>Copyright © {new Date().getFullYear()} Shwari Mills Group. All rights reserved.</p>
    </footer>
  );
}
