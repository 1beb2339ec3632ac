// Adds the serving model's messages to both catalogs; imported (lazily) with the full module.
import servingMessages from 'virtual:serving-messages';
import { addMessages } from './i18n';

addMessages(servingMessages);
