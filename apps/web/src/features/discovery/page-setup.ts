/**
 * What every discovery page needs before it renders: the discovery styles and, in English, the
 * discovery strings (other languages fetch the namespace). Imported for its effect by the pages.
 */
import './discovery.css';
import './discovery-strings';
